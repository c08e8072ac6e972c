import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/<fullPath>` (CONSOLE.md, refresh): goes straight back, so the view behind it is mounted afresh. */
export function RedirectPage() {
  const path = useParams()['*'] ?? '';
  const { search } = useLocation();
  return <Navigate to={`/${path}${search}`} replace />;
}
