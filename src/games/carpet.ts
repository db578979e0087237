export * from './carpet/index.js';
