const EVENT = 'basalt:data:new-table';

/** Asks the Data sidebar to open its "New table" dialog (from the home page or the palette). */
export function requestNewTable(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onNewTableRequest(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
