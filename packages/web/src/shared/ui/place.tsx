import type { Place } from '@safety-shield/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A position as the console writes coordinates: five decimals (about a metre), with a decimal point in every language:
 * the form map services read when it is pasted (issue 29 leaves coordinates out of the reader's number format).
 */
export const latLngText = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

const countryNames = new Map<string, Intl.DisplayNames>();

/** "Drammen, Norway", the country named in the reader's language by the browser; its code where it has no name. */
export function placeText(place: Place, language: string): string {
  let names = countryNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    countryNames.set(language, names);
  }
  return `${place.name}, ${names.of(place.country) ?? place.country}`;
}

/** The place text of a position, else its coordinates (at sea, or before the server named it), else null. */
export function usePlaceText() {
  const { i18n } = useTranslation();
  return (at: { lat: number; lng: number; place?: Place | null } | null | undefined) =>
    at ? (at.place ? placeText(at.place, i18n.language) : latLngText(at.lat, at.lng)) : null;
}

/**
 * Where something is: the nearest town (GeoNames) with the coordinates on a small second line, so they stay
 * readable and copyable; only the coordinates where no town is near; a dash without a position.
 */
export function PlaceName({ lat, lng, place }: { lat: number | null; lng: number | null; place?: Place | null }) {
  const { i18n } = useTranslation();
  if (lat === null || lng === null) return <>—</>;
  if (!place) return <>{latLngText(lat, lng)}</>;
  return (
    <Flex vertical data-testid="place-name">
      <span>{placeText(place, i18n.language)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {latLngText(lat, lng)}
      </Typography.Text>
    </Flex>
  );
}
