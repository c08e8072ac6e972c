import type { EventMapQuery } from '@safety-shield/contract';
import { Alert, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView } from '../../shared/map/index.js';
import { useIncidentMap } from './api/get-incident-map.js';
import { ClusterLayer } from './components/ClusterLayer.js';
import { FitOnce } from './components/FitOnce.js';
import { IncidentMapFilters, type MapFilters } from './components/IncidentMapFilters.js';
import { MapEmpty, MapLegend } from './components/MapLegend.js';
import { ViewportWatcher } from './components/ViewportWatcher.js';
import { spanAllowed, type Viewport } from './components/viewport.js';
import './components/incident-map.css';
import { fromPickerValue } from '../../shared/time/picker.js';
import { rangePresets } from '../../shared/ui/incident-filters.js';

/** /map/event — the caller's incidents of a time range, clustered on the server for the map's view. */
export function IncidentMapPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<MapFilters>(() => ({ range: rangePresets().last7, type: [], tagId: [] }));
  const [viewport, setViewport] = useState<Viewport>();
  // The picked wall clock is the console's zone's (issue 16).
  const startTime = fromPickerValue(filters.range[0]);
  const endTime = fromPickerValue(filters.range[1]);
  const allowed = spanAllowed(startTime, endTime);
  const query: EventMapQuery | undefined =
    viewport && allowed
      ? {
          startTime,
          endTime,
          zoom: viewport.zoom,
          bbox: viewport.bbox,
          ...(filters.type.length ? { type: filters.type } : {}),
          ...(filters.tagId.length ? { tagId: filters.tagId } : {}),
        }
      : undefined;
  const { data, isFetching, isError } = useIncidentMap(query);
  return (
    <Card
      size="small"
      title={t('route.incidentsMap')}
      extra={<IncidentMapFilters value={filters} onChange={setFilters} />}
      data-testid="event-map-page"
    >
      {!allowed && <Alert type="warning" showIcon title={t('eventMap.spanTooLong')} style={{ marginBottom: 12 }} />}
      <MapView label={t('eventMap.label')} height="calc(100vh - 260px)" data-testid="event-map">
        <ViewportWatcher onChange={setViewport} />
        <ClusterLayer clusters={data?.clusters ?? []} />
        <FitOnce bounds={data?.bounds} />
        <MapLegend total={isError ? undefined : data?.total} truncated={data?.truncated ?? false} loading={isFetching} />
        {data && !isFetching && data.total === 0 && <MapEmpty />}
      </MapView>
    </Card>
  );
}
