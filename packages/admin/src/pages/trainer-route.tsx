/** What the trainer pages take from the route: the assistant id, in-app navigation and the hash. */
import { useLocation, useNavigate, useParams } from 'react-router';

/** `:id` as a number (NaN when it is not one: the page then says 'Not found'), and a navigate callback. */
export function useTrainerRoute() {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  return { assistantId: id, onNavigate: (path: string) => void navigate(path), hash: location.hash };
}
