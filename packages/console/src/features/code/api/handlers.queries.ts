import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HandlerLike } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { codeKeys } from './code.keys';

/** Event handlers and timers of every mode, as the reference client reads them. */
export function useGetEventHandlers(appId: string) {
  return useQuery({ queryKey: codeKeys.handlers(appId), queryFn: () => getSdk().bl.getEventHandlers(appId) });
}

export function useGetCategories(appId: string) {
  return useQuery({
    queryKey: codeKeys.categories(appId),
    queryFn: () => getSdk().bl.getCategories(appId),
    staleTime: Infinity,
  });
}

export function useGetEvents(appId: string) {
  return useQuery({
    queryKey: codeKeys.events(appId),
    queryFn: () => getSdk().bl.getEvents(appId),
    staleTime: Infinity,
  });
}

/** Declares a handler or timer (a DRAFT one adds a stub file to the model's drafts). */
export function useCreateEventHandler(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (handler: HandlerLike) => getSdk().bl.createEventHandler(appId, handler),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

export function useDeleteEventHandler(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (handler: HandlerLike) => getSdk().bl.deleteEventHandler(appId, handler),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.handlers(appId) }),
  });
}

/** Turns a handler or timer on or off; the list shows the new state at once. */
export function useChangeHandlerState(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ handler, enabled }: { handler: HandlerLike & { id: string }; enabled: boolean }) =>
      getSdk().bl.changeHandlerState(
        appId,
        handler.fromMarketplace ? 'MARKETPLACE' : handler.mode,
        handler.category,
        handler.id,
        enabled,
      ),
    onMutate: async ({ handler, enabled }) => {
      await queryClient.cancelQueries({ queryKey: codeKeys.handlers(appId) });
      const before = queryClient.getQueryData(codeKeys.handlers(appId));
      queryClient.setQueryData<HandlerLike[]>(codeKeys.handlers(appId), (list) =>
        list?.map((h) => (h.id === handler.id ? { ...h, enabled } : h)),
      );
      return { before };
    },
    onError: (_err, _vars, context) => queryClient.setQueryData(codeKeys.handlers(appId), context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codeKeys.handlers(appId) }),
  });
}

/** Runs a timer now. */
export function useInvokeTimer(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (timer: HandlerLike) => getSdk().bl.invokeTimer(appId, timer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

export function useGetChain(appId: string, eventId: number | undefined, context: string | undefined) {
  return useQuery({
    queryKey: codeKeys.chain(appId, String(eventId ?? ''), context ?? ''),
    queryFn: () => getSdk().bl.getHandlerInvocationChain(appId, eventId!, context!),
    enabled: eventId !== undefined && !!context,
  });
}

export function useUpdateChain(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ eventId, context, ids }: { eventId: number; context: string; ids: string[] }) =>
      getSdk().bl.updateHandlerInvocationChain(appId, eventId, context, { handlers: ids }),
    onSuccess: (_answer, { eventId, context }) =>
      queryClient.invalidateQueries({ queryKey: codeKeys.chain(appId, String(eventId), context) }),
  });
}

export const TIMER_LOG_PAGE = 20;

/** One page of a timer's runs, newest first. */
export function useGetTimerLogs(appId: string, timer: string | undefined, page: number) {
  return useQuery({
    queryKey: codeKeys.timerLogs(appId, timer ?? '', page),
    queryFn: () => getSdk().bl.getTimerLogs(appId, { timer, offset: page * TIMER_LOG_PAGE, pageSize: TIMER_LOG_PAGE }),
    enabled: !!timer,
    placeholderData: keepPreviousData,
  });
}
