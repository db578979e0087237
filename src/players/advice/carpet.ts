export { carpetAdvice } from '../../games/carpet/advice.js';
