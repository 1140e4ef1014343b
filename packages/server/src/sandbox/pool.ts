import ivm from 'isolated-vm';
import { preludeSource } from './prelude.js';
import type { WarmContext } from './run.js';

/**
 * Loaded contexts kept per app isolate for its active deployment (decision 0056). Each serves one
 * call at a time; more calls at once load more, and those beyond this many are released.
 */
const WARM_CONTEXTS = warmContexts(process.env.BASALT_SANDBOX_WARM_CONTEXTS);

function warmContexts(setting: string | undefined): number {
  const n = Number(setting);
  return setting === undefined || setting === '' || !Number.isFinite(n) ? 4 : Math.max(0, Math.floor(n));
}

/**
 * The isolates of one sandbox process: one per app, never shared between apps, each with its
 * compiled prelude and a small cache of compiled bundles per deploymentId. At most `maxIsolates`
 * live at once; the least recently used idle one goes first.
 */
export interface AppIsolate {
  appId: string;
  isolate: ivm.Isolate;
  memoryMb: number;
  prelude: ivm.Script;
  scripts: Map<string, ivm.Script>;
  /** Idle loaded contexts of one deployment (the one called last). */
  warm?: { deploymentId: string; contexts: WarmContext[] };
  /** Invocations running in it now: an isolate in use is never evicted. */
  active: number;
  lastUsed: number;
  /** Taken out of service: new calls get a new isolate; this one goes when its last run ends. */
  retired?: boolean;
}

/** Compiled bundles kept per isolate (a deploy adds one; old ones fall out). */
const SCRIPTS_PER_ISOLATE = 4;

export class IsolatePool {
  private readonly apps = new Map<string, AppIsolate>();

  constructor(private readonly maxIsolates = 32) {}

  /** The app's isolate with `memoryMb`; a different limit replaces it once it is idle. */
  async acquire(appId: string, memoryMb: number): Promise<AppIsolate> {
    let entry = this.apps.get(appId);
    if (entry && (entry.isolate.isDisposed || (entry.memoryMb !== memoryMb && entry.active === 0))) {
      this.drop(entry);
      entry = undefined;
    }
    if (!entry) {
      this.evict();
      const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
      const prelude = await isolate.compileScript(preludeSource, { filename: 'basalt:prelude.js' });
      entry = { appId, isolate, memoryMb, prelude, scripts: new Map(), active: 0, lastUsed: Date.now() };
      this.apps.set(appId, entry);
    }
    entry.active++;
    entry.lastUsed = Date.now();
    return entry;
  }

  release(entry: AppIsolate): void {
    entry.active = Math.max(0, entry.active - 1);
    entry.lastUsed = Date.now();
    if (entry.retired && entry.active === 0) this.drop(entry);
  }

  /**
   * Takes the isolate out of service without killing what runs in it: a call timed out while a
   * step of it was still queued there, so the app's next calls start on a new isolate.
   */
  retire(entry: AppIsolate): void {
    if (this.apps.get(entry.appId) === entry) this.apps.delete(entry.appId);
    entry.retired = true;
    entry.warm?.contexts.forEach(releaseWarm);
    entry.warm = undefined;
    if (entry.active === 0) this.drop(entry);
  }

  /** The compiled bundle of a deployment in this isolate (compiled once, then reused). */
  async script(entry: AppIsolate, deploymentId: string, code: string): Promise<ivm.Script> {
    const cached = entry.scripts.get(deploymentId);
    if (cached) {
      // Most recently used last, so the oldest is the first key.
      entry.scripts.delete(deploymentId);
      entry.scripts.set(deploymentId, cached);
      return cached;
    }
    const script = await entry.isolate.compileScript(code, { filename: 'deployment.js' });
    entry.scripts.set(deploymentId, script);
    while (entry.scripts.size > SCRIPTS_PER_ISOLATE) {
      const oldest = entry.scripts.keys().next().value as string;
      entry.scripts.get(oldest)?.release();
      entry.scripts.delete(oldest);
    }
    return script;
  }

  /** An idle loaded context of the deployment, if one is kept. */
  takeWarm(entry: AppIsolate, deploymentId: string): WarmContext | undefined {
    if (entry.warm?.deploymentId !== deploymentId) return undefined;
    return entry.warm.contexts.pop();
  }

  /**
   * Keeps a context that ended its call cleanly for the deployment's next call. Contexts of another
   * deployment are released (a deploy or rollback switched the app to this one), and so is this
   * one when the isolate is out of service or enough are kept.
   */
  putWarm(entry: AppIsolate, deploymentId: string, warm: WarmContext): void {
    if (entry.retired || entry.isolate.isDisposed || WARM_CONTEXTS === 0) return releaseWarm(warm);
    if (entry.warm?.deploymentId !== deploymentId) {
      entry.warm?.contexts.forEach(releaseWarm);
      entry.warm = { deploymentId, contexts: [] };
    }
    if (entry.warm.contexts.length >= WARM_CONTEXTS) return releaseWarm(warm);
    entry.warm.contexts.push(warm);
  }

  /** Throws the isolate away (after a memory kill, or when its app's limit changed). */
  drop(entry: AppIsolate): void {
    if (this.apps.get(entry.appId) === entry) this.apps.delete(entry.appId);
    if (!entry.isolate.isDisposed) entry.isolate.dispose();
  }

  has(appId: string): boolean {
    return this.apps.has(appId);
  }

  private evict(): void {
    while (this.apps.size >= this.maxIsolates) {
      let victim: AppIsolate | undefined;
      for (const e of this.apps.values()) if (e.active === 0 && (!victim || e.lastUsed < victim.lastUsed)) victim = e;
      if (!victim) return; // all busy: go over the cap rather than kill running code
      this.drop(victim);
    }
  }
}

function releaseWarm(warm: WarmContext): void {
  try {
    warm.control.release();
    warm.context.release();
  } catch {
    /* the isolate is gone */
  }
}
