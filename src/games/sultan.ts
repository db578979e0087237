export * from './sultan/index.js';
