export * from './shah/index.js';
