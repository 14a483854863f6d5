import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficerDetail } from '../../../../shared/officers';
import { apiRequest } from '../../../lib/api/api';
import { officerKeys } from '../queries';

/**
 * One administrative change of an officer (edit, privileges, reset, unlock, (de)activate): on
 * success the panel shows the answer at once and the lists are fetched afresh.
 */
export function useOfficerChange<Body>(
  officerId: string,
  request: { method: 'PATCH' | 'PUT' | 'POST'; path: string },
  success: { title: string; message: (officer: OfficerDetail) => string },
  options: { onError?: (error: Error) => void; onSuccess?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest<OfficerDetail>(`/api/v1/officers/${officerId}${request.path}`, {
        method: request.method,
        body,
      }),
    onSuccess: (officer) => {
      queryClient.setQueryData(officerKeys.one(officerId), officer);
      void queryClient.invalidateQueries({ queryKey: officerKeys.lists() });
      notifications.show({
        color: 'green',
        title: success.title,
        message: success.message(officer),
      });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
