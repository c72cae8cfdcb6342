/** otc: English strings, the reference for the other languages (./<lang>.ts). */
export const otc = {};
