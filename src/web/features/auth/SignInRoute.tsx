import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { meQuery } from '../../lib/api/queries';
import { SignInPage } from './SignInPage';

/**
 * The sign-in page as the router shows it, when an officer reaches it from inside the app
 * (signed out, or the session ended): entering is a navigation, with the officer's menu and
 * permissions loaded afresh by the guard of /birs.
 */
export function SignInRoute() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const search: { returnUrl?: unknown } = useSearch({ strict: false });
  const returnUrl = typeof search.returnUrl === 'string' ? search.returnUrl : undefined;
  return (
    <SignInPage
      returnUrl={returnUrl}
      onSignedIn={async (href) => {
        queryClient.removeQueries({ queryKey: meQuery().queryKey });
        await router.navigate({ href, replace: true });
      }}
    />
  );
}
