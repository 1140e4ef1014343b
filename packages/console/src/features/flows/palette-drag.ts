/** The MIME type a palette item carries when dragged onto the canvas (kept apart so the palette does not load React Flow). */
export const PALETTE_DRAG_TYPE = 'application/x-basalt-flow-element';
