import { CUSTOM_EVENT_ID, ccEvent } from '@basalt/shared';
import type { CloudCodeTrx } from '../store/index.js';
import type { Registration } from '../runtime/sandbox-port.js';

/** What a deploy (or a rollback) switched production to, inside its transaction. */
export interface DeployedEvent {
  trx: CloudCodeTrx;
  appId: string;
  language: string;
  model: string;
  deploymentId: string;
  registration: Registration;
  now: number;
}

const deployHooks: Array<(e: DeployedEvent) => Promise<void>> = [];

/**
 * Work the other cloud-code parts do in the deploy's transaction after the PRODUCTION rows are
 * written (the timers' first `next_run_at`, the handler map's reload ...). A throw aborts the deploy.
 */
export function onDeployed(hook: (e: DeployedEvent) => Promise<void>): () => void {
  deployHooks.push(hook);
  return () => {
    const i = deployHooks.indexOf(hook);
    if (i >= 0) deployHooks.splice(i, 1);
  };
}

export async function runDeployHooks(e: DeployedEvent): Promise<void> {
  for (const hook of deployHooks) await hook(e);
}

/**
 * The event number of a registered handler (the reference's numbering, from the event catalogue):
 * `null` stores the handler without one, `undefined` refuses it as an unknown event. Custom events
 * are all number 900; the others come from the catalogue (`@basalt/shared` cloudcode/events.ts).
 */
export type EventIdResolver = (provider: string, event: string) => number | null | undefined;
let eventIds: EventIdResolver = (provider, event) => {
  if (provider === 'custom') return CUSTOM_EVENT_ID;
  const e = ccEvent(provider, event);
  return e && !e.deprecated ? e.id : undefined;
};

export function setEventIdResolver(resolver: EventIdResolver): void {
  eventIds = resolver;
}

export function eventIdOf(provider: string, event: string): number | null | undefined {
  return eventIds(provider, event);
}
