import { AimOutlined, DeleteOutlined, GatewayOutlined, RadiusSettingOutlined } from '@ant-design/icons';
import { type AlarmArea, CONFIG_LIMITS, type GeoPoint, MAX_ALARM_AREAS, MAX_AREA_POINTS } from '@safety-shield/contract';
import { Button, Checkbox, Flex, Input, InputNumber, Space, Typography } from 'antd';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, Marker, useLeafletMap, useMapLayer } from '../../../shared/map/index.js';
import { rangeText, unitText } from '../../../shared/ui/format.js';

const DEFAULT_RADIUS = 200;
const AREA_COLOUR = '#d4380d';

type Drawing = { kind: 'circle'; radius: number } | { kind: 'polygon'; points: GeoPoint[] } | null;

interface Props {
  value?: AlarmArea[];
  onChange?(areas: AlarmArea[]): void;
  /** Where the device is (the map starts there; "circle here" puts a circle there). */
  center: GeoPoint | null;
}

/** Clicks on the map, for drawing. */
function MapClicks({ onClick }: { onClick(point: GeoPoint): void }) {
  const map = useLeafletMap();
  const handler = useRef(onClick);
  handler.current = onClick;
  useEffect(() => {
    const listener = (event: L.LeafletMouseEvent) => handler.current({ lat: event.latlng.lat, lng: event.latlng.lng });
    map.on('click', listener);
    return () => {
      map.off('click', listener);
    };
  }, [map]);
  return null;
}

/** The areas as circles and polygons, named in their tooltips; the polygon being drawn as a line. */
function AreaShapes({ areas, drawing }: { areas: AlarmArea[]; drawing: Drawing }) {
  useMapLayer(() => {
    const group = L.featureGroup();
    for (const area of areas) {
      const shape =
        area.shape.type === 'circle'
          ? L.circle([area.shape.center.lat, area.shape.center.lng], { radius: area.shape.radius, color: AREA_COLOUR, weight: 2 })
          : L.polygon(
              area.shape.points.map((p) => [p.lat, p.lng] as [number, number]),
              { color: AREA_COLOUR, weight: 2 },
            );
      const label = document.createElement('span');
      label.textContent = area.name;
      shape.bindTooltip(label);
      shape.addTo(group);
    }
    if (drawing?.kind === 'polygon' && drawing.points.length > 0)
      L.polyline(
        drawing.points.map((p) => [p.lat, p.lng] as [number, number]),
        { color: AREA_COLOUR, dashArray: '4 4' },
      ).addTo(group);
    return group;
  }, [areas, drawing]);
  return null;
}

/**
 * The configuration's alarm areas (geofences): drawn on the map (a circle by its centre, a polygon point by point) or
 * put around the device's position, each named, with its rules: an incident on entering, on leaving, above a speed.
 */
export function AlarmAreasField({ value = [], onChange, center }: Props) {
  const { t } = useTranslation();
  const [drawing, setDrawing] = useState<Drawing>(null);
  const areas = value;
  const change = (next: AlarmArea[]) => onChange?.(next);
  const nextName = () => t('deviceConfig.areaName', { n: areas.length + 1 });
  const add = (shape: AlarmArea['shape']) => {
    change([...areas, { name: nextName(), shape, onEnter: true, onLeave: true, speedLimit: null }]);
    setDrawing(null);
  };
  const update = (index: number, patch: Partial<AlarmArea>) => change(areas.map((area, i) => (i === index ? { ...area, ...patch } : area)));
  const full = areas.length >= MAX_ALARM_AREAS;

  const click = (point: GeoPoint) => {
    if (drawing?.kind === 'circle') add({ type: 'circle', center: point, radius: drawing.radius });
    else if (drawing?.kind === 'polygon' && drawing.points.length < MAX_AREA_POINTS)
      setDrawing({ kind: 'polygon', points: [...drawing.points, point] });
  };

  return (
    <Flex vertical gap={12} data-testid="alarm-areas">
      <Flex wrap gap={8} align="center">
        {drawing === null ? (
          <>
            <Button
              icon={<RadiusSettingOutlined />}
              disabled={full}
              onClick={() => setDrawing({ kind: 'circle', radius: DEFAULT_RADIUS })}
              data-testid="area-draw-circle"
            >
              {t('deviceConfig.drawCircle')}
            </Button>
            <Button
              icon={<GatewayOutlined />}
              disabled={full}
              onClick={() => setDrawing({ kind: 'polygon', points: [] })}
              data-testid="area-draw-polygon"
            >
              {t('deviceConfig.drawPolygon')}
            </Button>
            {center && (
              <Button
                icon={<AimOutlined />}
                disabled={full}
                onClick={() => add({ type: 'circle', center, radius: DEFAULT_RADIUS })}
                data-testid="area-circle-here"
              >
                {t('deviceConfig.circleHere')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Typography.Text data-testid="area-drawing-hint">
              {t(drawing.kind === 'circle' ? 'deviceConfig.circleHint' : 'deviceConfig.polygonHint', {
                count: drawing.kind === 'polygon' ? drawing.points.length : 0,
              })}
            </Typography.Text>
            {drawing.kind === 'circle' && (
              <InputNumber
                min={CONFIG_LIMITS.areaRadius.min}
                max={CONFIG_LIMITS.areaRadius.max}
                value={drawing.radius}
                addonAfter={unitText('meter')}
                aria-label={t('deviceConfig.withRange', {
                  name: t('deviceConfig.radius'),
                  range: rangeText(CONFIG_LIMITS.areaRadius, 'meter'),
                })}
                onChange={(radius) => setDrawing({ kind: 'circle', radius: radius ?? DEFAULT_RADIUS })}
                style={{ width: 150 }}
              />
            )}
            {drawing.kind === 'polygon' && (
              <Button
                type="primary"
                disabled={drawing.points.length < 3}
                onClick={() => add({ type: 'polygon', points: drawing.points })}
                data-testid="area-finish"
              >
                {t('deviceConfig.finishPolygon')}
              </Button>
            )}
            <Button onClick={() => setDrawing(null)}>{t('common.cancel')}</Button>
          </>
        )}
      </Flex>
      <MapView
        label={t('deviceConfig.areasMap')}
        center={center ? [center.lat, center.lng] : undefined}
        zoom={center ? 15 : 2}
        height={320}
        data-testid="alarm-areas-map"
      >
        <MapClicks onClick={click} />
        <AreaShapes areas={areas} drawing={drawing} />
        {center && <Marker position={[center.lat, center.lng]} tooltip={t('deviceConfig.device')} />}
      </MapView>
      {areas.length === 0 ? (
        <Typography.Text type="secondary">{t('deviceConfig.noAreas')}</Typography.Text>
      ) : (
        areas.map((area, index) => (
          // Areas have no id of their own: their place in the list is theirs.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is the document's, edited in place
          <Space key={index} wrap align="center" data-testid="alarm-area">
            <Input
              value={area.name}
              maxLength={64}
              status={area.name.trim() ? undefined : 'error'}
              aria-label={t('deviceConfig.areaNameLabel')}
              onChange={(event) => update(index, { name: event.target.value })}
              style={{ width: 180 }}
            />
            <Typography.Text type="secondary">
              {area.shape.type === 'circle'
                ? t('deviceConfig.circleOf', { radius: Math.round(area.shape.radius) })
                : t('deviceConfig.polygonOf', { count: area.shape.points.length })}
            </Typography.Text>
            <Checkbox checked={area.onEnter} onChange={(event) => update(index, { onEnter: event.target.checked })}>
              {t('deviceConfig.onEnter')}
            </Checkbox>
            <Checkbox checked={area.onLeave} onChange={(event) => update(index, { onLeave: event.target.checked })}>
              {t('deviceConfig.onLeave')}
            </Checkbox>
            <InputNumber
              min={CONFIG_LIMITS.areaSpeedLimit.min}
              max={CONFIG_LIMITS.areaSpeedLimit.max}
              value={area.speedLimit ?? null}
              placeholder={t('deviceConfig.noLimit')}
              addonAfter={unitText('kilometer-per-hour')}
              aria-label={t('deviceConfig.withRange', {
                name: t('deviceConfig.speedLimit'),
                range: rangeText(CONFIG_LIMITS.areaSpeedLimit, 'kilometer-per-hour'),
              })}
              onChange={(limit) => update(index, { speedLimit: limit ?? null })}
              style={{ width: 170 }}
            />
            <Button
              icon={<DeleteOutlined />}
              danger
              type="text"
              aria-label={t('deviceConfig.removeArea', { name: area.name })}
              onClick={() => change(areas.filter((_, i) => i !== index))}
            />
          </Space>
        ))
      )}
    </Flex>
  );
}
