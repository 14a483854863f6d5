import { useMatch } from '@tanstack/react-router';
import { type TccScreen, tccScreenAt } from '../../../../shared/tcc/lists';

/**
 * The TCC screen (TCC_SCREENS) of the page being shown: its path after the shell's base. Read
 * from the page's own route match, not the location: while a row's certificate page loads, the
 * location is already the certificate's and the list is still drawn.
 */
export function useTccScreen(): TccScreen {
  const pathname = useMatch({ strict: false, select: (match) => match.pathname });
  const path = pathname.replace(/^\/(birs|governor)\//, '').replace(/\/$/, '');
  const screen = tccScreenAt(path);
  if (!screen) throw new Error(`No TCC screen at ${pathname}`);
  return screen;
}
