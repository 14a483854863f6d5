import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { api, isUnauthenticated } from '../../lib/api/api';

/**
 * Log Out (top bar and sidebar, docs/product.md §4): end the session on the server, forget everything
 * the browser kept, and go to the sign-in page. When the server cannot be reached the session
 * is still alive, so the officer stays where they are and is told why.
 */
export function useSignOut() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/v1/auth/logout'),
    onSettled: async (_data, error) => {
      // A 401 means the session had already ended: signed out either way.
      if (error && !isUnauthenticated(error)) {
        notifications.show({ color: 'red', title: 'Could not log out', message: error.message });
        return;
      }
      localStorage.clear();
      sessionStorage.clear();
      queryClient.clear();
      await router.navigate({ to: '/auth/login', replace: true });
    },
  });
  return { signOut: () => mutation.mutate(), isSigningOut: mutation.isPending };
}
