import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceStatus } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { operatorKeys } from './operator.keys';

/**
 * Whether the caller operates this server, the feature switches and the whole plan catalogue
 * (`operator.loadOperator`). The account menu asks it too, so it is kept a minute.
 */
export function useOperator() {
  return useQuery({
    queryKey: operatorKeys.info(),
    queryFn: () => getSdk().operator.loadOperator(),
    staleTime: 60_000,
  });
}

/** Every app with its plan on each line (operators only). */
export function usePlanApps(enabled = true) {
  return useQuery({
    queryKey: operatorKeys.planApps(),
    queryFn: () => getSdk().operator.loadPlanApps(),
    enabled,
  });
}

/** Every app's invoices, newest first, optionally of one status (operators only). */
export function useInvoices(status?: InvoiceStatus) {
  return useQuery({
    queryKey: operatorKeys.invoices(status),
    queryFn: () => getSdk().operator.loadInvoices(status),
  });
}

/** Marks an open invoice paid or void; the answer goes into the lists, then they are read again. */
export function useSettleInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { invoice: Invoice; as: 'paid' | 'void' }) =>
      v.as === 'paid' ? getSdk().operator.markInvoicePaid(v.invoice.id) : getSdk().operator.voidInvoice(v.invoice.id),
    // The confirmation dialog shows a refusal (409: settled already) itself.
    meta: { errorToast: false },
    onSuccess: (settled) => {
      client.setQueriesData<Invoice[]>({ queryKey: operatorKeys.allInvoices() }, (list) =>
        list?.map((i) => (i.id === settled.id ? settled : i)),
      );
      void client.invalidateQueries({ queryKey: operatorKeys.allInvoices() });
    },
  });
}

/** Issues now the invoices of the present period the hourly job has not issued yet. */
export function useGenerateInvoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => getSdk().operator.generateInvoices(),
    onSuccess: () => client.invalidateQueries({ queryKey: operatorKeys.allInvoices() }),
  });
}

export type ModerationShow = 'hidden' | 'visible' | 'all';

/** Comments of every item to moderate: hidden ones, the ones on show, or both (operators only). */
export function useModerationComments(show: ModerationShow) {
  return useQuery({
    queryKey: operatorKeys.moderation(show),
    queryFn: () => getSdk().operator.loadComments(show, 200),
  });
}

/** Hides a comment or displays it again (reversible: no confirmation), then reads the lists again. */
export function useSetCommentHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; hidden: boolean }) =>
      v.hidden ? getSdk().community.hideComment(v.id) : getSdk().community.displayComment(v.id),
    onSuccess: () => client.invalidateQueries({ queryKey: operatorKeys.hidden() }),
  });
}

/** The server's status: version, database, mail, areas and the feature switches (`system.loadStatus`). */
export function useServerStatus() {
  return useQuery({
    queryKey: operatorKeys.status(),
    queryFn: () => getSdk().system.loadStatus(true),
  });
}

/** The missions content: every pack with its missions and tasks, and the levels (read-only). */
export function useGamificationContent() {
  return useQuery({
    queryKey: operatorKeys.content(),
    queryFn: async () => {
      const sdk = getSdk();
      const [packs, levels] = await Promise.all([sdk.gamification.loadPacks(), sdk.gamification.loadLevels()]);
      const missions = await Promise.all(packs.map((p) => sdk.gamification.getMapItems(p.id)));
      return { packs: packs.map((p, i) => ({ ...p, items: missions[i] })), levels };
    },
  });
}
