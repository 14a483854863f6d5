import { useLocation } from '@tanstack/react-router';
import { type TccScreen, tccScreenAt } from '../../../../shared/tcc/lists';

/** The TCC screen (TCC_SCREENS) of the page being shown: its path after the shell's base. */
export function useTccScreen(): TccScreen {
  const pathname = useLocation({ select: (location) => location.pathname });
  const path = pathname.replace(/^\/(birs|governor)\//, '').replace(/\/$/, '');
  const screen = tccScreenAt(path);
  if (!screen) throw new Error(`No TCC screen at ${pathname}`);
  return screen;
}
