import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Routes } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { marketplaceKeys } from './marketplace.keys';

const mp = () => getSdk().marketplace;
const community = () => getSdk().community;
/** Reviews and comments of products live in the community engine under this context (decision 0088 §7). */
export const MARKETPLACE_CONTEXT = 'marketplace';

export type PublishInput = BodyOf<typeof Routes.marketplace.publishProduct>;
export type InstallInput = BodyOf<typeof Routes.marketplace.installProduct>;

export const useSections = () => useQuery({ queryKey: marketplaceKeys.sections(), queryFn: () => mp().getSections() });
export const useCategories = () =>
  useQuery({ queryKey: marketplaceKeys.categories(), queryFn: () => mp().getCategories() });

/** Approved products matching a search and/or a category; off while neither is set (the sections show instead). */
export function useProductSearch(search: string, categoryId: string) {
  return useQuery({
    queryKey: marketplaceKeys.search(search, categoryId),
    queryFn: () =>
      mp().getProducts({ search: search || undefined, categoryId: categoryId || undefined, pageSize: 100 }),
    enabled: !!(search || categoryId),
    placeholderData: keepPreviousData,
  });
}

export const useProduct = (productId: string) =>
  useQuery({ queryKey: marketplaceKeys.product(productId), queryFn: () => mp().getProduct(productId) });
export const useProductVersions = (productId: string) =>
  useQuery({ queryKey: marketplaceKeys.versions(productId), queryFn: () => mp().getProductVersions(productId) });

export const useAppInstalls = (appId: string) =>
  useQuery({ queryKey: marketplaceKeys.installs(appId), queryFn: () => mp().getAppInstalls(appId) });

/** The app's UI Builder containers a UI component can go into (`init` is idempotent and answers them). */
export function useUiContainers(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: marketplaceKeys.containers(appId),
    enabled,
    queryFn: async () => {
      const answer: unknown = await getSdk().uiBuilder.init(appId);
      const list: unknown[] = Array.isArray(answer)
        ? answer
        : answer && typeof answer === 'object' && Array.isArray((answer as { containers?: unknown }).containers)
          ? (answer as { containers: unknown[] }).containers
          : [];
      return list
        .map((c) => (typeof c === 'string' ? c : c && typeof c === 'object' ? (c as { name?: unknown }).name : null))
        .filter((name): name is string => typeof name === 'string' && name !== 'system');
    },
  });
}

/**
 * The install: allocates the product to the app (free products at once; a paid one answers 402),
 * then installs the chosen version with its configuration. Each step reports before the next.
 */
export function useInstallProduct(appId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ input, onStep }: { input: InstallInput; onStep: (step: 'allocate' | 'install') => void }) => {
      onStep('allocate');
      await mp().allocateAppProduct(appId, productId, {});
      onStep('install');
      return mp().installProduct(appId, productId, input);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.installs(appId) });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.product(productId) });
    },
  });
}

export function useUninstallProduct(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (productId: string) => mp().uninstallProduct(appId, productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.installs(appId) }),
  });
}

export const useUpgradeDiff = (appId: string, productId: string, version: string | null) =>
  useQuery({
    queryKey: marketplaceKeys.upgradeDiff(appId, productId, version),
    queryFn: () => mp().getUpgradeDiff(appId, productId, version ?? undefined),
    enabled: !!version,
  });

export const useReviews = (productId: string) =>
  useQuery({
    queryKey: marketplaceKeys.reviews(productId),
    queryFn: () => community().getReviews(MARKETPLACE_CONTEXT, productId),
  });

export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (review: { rating: number; body?: string }) =>
      community().createReview({ context: MARKETPLACE_CONTEXT, itemId: productId, ...review }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.reviews(productId) });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.product(productId) });
    },
  });
}

export const useComments = (productId: string) =>
  useQuery({
    queryKey: marketplaceKeys.comments(productId),
    queryFn: () => community().getComments(MARKETPLACE_CONTEXT, productId),
  });

export function useCreateComment(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (body: string) => community().createComments({ context: MARKETPLACE_CONTEXT, itemId: productId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.comments(productId) }),
  });
}

export const useSubmissions = (all: boolean) =>
  useQuery({ queryKey: marketplaceKeys.submissions(all), queryFn: () => mp().getSubmissions(all ? { all } : {}) });

export function usePublishProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: PublishInput) => mp().publishProduct(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
}

/** Operator decisions on a pending submission (decision 0088 §3). */
export function useDecideSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ productId, reason }: { productId: string; reason?: string }) =>
      reason === undefined ? mp().approveProduct(productId) : mp().rejectProduct(productId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
}

export function useRemoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (productId: string) => mp().removeProduct(productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
}

export function useSales() {
  return useQuery({
    queryKey: marketplaceKeys.sales(),
    queryFn: async () => {
      const [general, products, ledger] = await Promise.all([
        mp().getDeveloperGeneralSales(),
        mp().getDeveloperProductSales(),
        mp().getDeveloperPayoutHistory(),
      ]);
      return { general, products, ledger };
    },
  });
}

/** Whether the developer is an operator of this server (decision 0082): they see the way to the approvals. */
export const useOperatorInfo = () =>
  useQuery({
    queryKey: marketplaceKeys.operator(),
    queryFn: () => getSdk().operator.loadOperator(),
    staleTime: 60_000,
  });
