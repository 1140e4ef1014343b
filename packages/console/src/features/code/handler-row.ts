/** A handler or timer as the lists read it (the reference client's normalised answer). */
export interface HandlerRow {
  id: string;
  mode: string;
  category: string;
  language: string;
  model: string;
  enabled: boolean;
  fromMarketplace?: boolean;
  eventId?: number;
  event?: string;
  provider?: string;
  target?: string;
  async?: boolean;
  timername?: string;
  startDate?: number | null;
  expire?: number | null;
  frequency?: unknown;
  timezone?: string | null;
  nextRun?: number | null;
  lastRun?: number | null;
  lastStatus?: string | null;
  [key: string]: unknown;
}
