/** The UI Builder's page document, built-in components and validation, shared by server and console (decision 0080). */
export * from './names.js';
export * from './document.js';
export * from './components.js';
export * from './data-sources.js';
export * from './validate.js';
