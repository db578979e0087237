export * from './petits-paquets/index.js';
