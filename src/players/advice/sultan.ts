export { sultanAdvice } from '../../games/sultan/advice.js';
