const CUT = Symbol('cut');
function gcd(a, b) {
    while (b !== 0n)
        [a, b] = [b, a % b];
    return a;
}
/** Runs `run` once per face path and sums each path's exact chance by the key of its result. */
export function enumeratePaths(run, options = {}) {
    const key = options.key ?? ((result) => result);
    const { accept } = options;
    const maxThrows = options.maxThrows ?? Number.POSITIVE_INFINITY;
    const maxPaths = options.maxPaths ?? 2_000_000;
    const sides = [];
    const faces = [];
    let pos = 0;
    const rng = {
        rollDie(s) {
            if (pos < faces.length) {
                if (sides[pos] !== s)
                    throw new Error(`path replay asked for a d${s} where a d${sides[pos]} was thrown`);
                return faces[pos++];
            }
            if (faces.length >= maxThrows)
                throw CUT;
            sides.push(s);
            faces.push(1);
            pos++;
            return 1;
        },
    };
    let den = 1n;
    const totals = new Map();
    let residual = 0n;
    let refused = 0n;
    let paths = 0;
    for (;;) {
        if (++paths > maxPaths)
            throw new Error(`more than ${maxPaths} paths; lower the case or the cap`);
        pos = 0;
        let completed = false;
        let result;
        try {
            result = run(rng);
            completed = true;
        }
        catch (e) {
            if (e !== CUT)
                throw e;
        }
        if (completed && pos !== faces.length)
            throw new Error('a replayed path was not used to its end');
        let weight = 1n;
        for (const s of sides)
            weight *= BigInt(s);
        if (den % weight !== 0n) {
            const next = (den / gcd(den, weight)) * weight;
            const scale = next / den;
            for (const [k, v] of totals)
                totals.set(k, v * scale);
            residual *= scale;
            refused *= scale;
            den = next;
        }
        const share = den / weight;
        if (!completed)
            residual += share;
        else if (accept && !accept(result))
            refused += share;
        else {
            const k = key(result);
            totals.set(k, (totals.get(k) ?? 0n) + share);
        }
        // Advance the odometer: drop exhausted trailing dice, turn the last one up.
        while (faces.length > 0 && faces[faces.length - 1] === sides[sides.length - 1]) {
            faces.pop();
            sides.pop();
        }
        if (faces.length === 0)
            break;
        faces[faces.length - 1] += 1;
    }
    return { denominator: den, totals, residual, refused, paths };
}
/** numerator / denominator as a double, to about 2^-53 relative (plus 2^-200 absolute). */
export function ratio(numerator, denominator) {
    return Number((numerator << 200n) / denominator) / 2 ** 200;
}
/** Sum of the numerators of the counted keys. */
export function countedMass(e) {
    let s = 0n;
    for (const n of e.totals.values())
        s += n;
    return s;
}
/** The enumerated chances as doubles, per key. */
export function enumeratedChances(e) {
    const out = new Map();
    for (const [k, n] of e.totals)
        out.set(k, ratio(n, e.denominator));
    return out;
}
/** The numerators summed again by `by` of each key (a marginal, or a coarser key). */
export function totalsBy(e, by) {
    const out = new Map();
    for (const [k, n] of e.totals) {
        const g = by(k);
        out.set(g, (out.get(g) ?? 0n) + n);
    }
    return out;
}
/** P(the key satisfies `pred`), exact until the one final division. */
export function chanceOf(e, pred) {
    let num = 0n;
    for (const [k, n] of e.totals)
        if (pred(k))
            num += n;
    return ratio(num, e.denominator);
}
/** The mean of a whole-number `value` over the counted paths, exact until the one final division. */
export function meanOf(e, value) {
    let num = 0n;
    for (const [k, n] of e.totals)
        num += BigInt(value(k)) * n;
    return ratio(num, countedMass(e));
}
//# sourceMappingURL=enumerate.js.map