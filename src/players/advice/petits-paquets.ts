export { petitsPaquetsAdvice } from '../../games/petits-paquets/advice.js';
