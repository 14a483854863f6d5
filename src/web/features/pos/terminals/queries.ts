import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CreatePosAgentBody,
  CreatePosTerminalBody,
  PosAgentPage,
  PosAgentView,
  PosTerminalPage,
  PosTerminalView,
  ReassignPosTerminalBody,
  SetPosTerminalActiveBody,
  UpdatePosAgentBody,
} from '../../../../shared/pos/terminals';
import { api } from '../../../lib/api/api';

/** POS agents and terminals (docs/pos.md "Agents and terminals"). */
export const posAdminKeys = { all: ['pos', 'admin'] as const };

export const posTerminalListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [...posAdminKeys.all, 'terminals', params.toString()] as const,
    queryFn: () => api.get<PosTerminalPage>(`/api/v1/pos/terminals?${params}`),
    placeholderData: keepPreviousData,
  });

export const posAgentListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [...posAdminKeys.all, 'agents', params.toString()] as const,
    queryFn: () => api.get<PosAgentPage>(`/api/v1/pos/agents?${params}`),
    placeholderData: keepPreviousData,
  });

/** Every agent, for the terminal dialogs' choice (an MDA has tens of agents, not thousands). */
export const posAgentChoicesQuery = () =>
  queryOptions({
    queryKey: [...posAdminKeys.all, 'agents', 'choices'] as const,
    queryFn: () => api.get<PosAgentPage>('/api/v1/pos/agents?page=1&pageSize=200'),
    select: (page) => page.items,
  });

export const createPosAgent = (body: CreatePosAgentBody) =>
  api.post<PosAgentView>('/api/v1/pos/agents', body);
export const createPosTerminal = (body: CreatePosTerminalBody) =>
  api.post<PosTerminalView>('/api/v1/pos/terminals', body);
export const reassignPosTerminal = (id: string, body: ReassignPosTerminalBody) =>
  api.post<PosTerminalView>(`/api/v1/pos/terminals/${encodeURIComponent(id)}/reassign`, body);
export const setPosTerminalActive = (id: string, body: SetPosTerminalActiveBody) =>
  api.post<PosTerminalView>(`/api/v1/pos/terminals/${encodeURIComponent(id)}/active`, body);
export const updatePosAgent = (id: string, body: UpdatePosAgentBody) =>
  api.patch<PosAgentView>(`/api/v1/pos/agents/${encodeURIComponent(id)}`, body);
