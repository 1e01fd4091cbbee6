/** /data (for `team.manage`, from the account menu): retention, one person's data, deleting the institution. */
import { DataPage } from '@conversa/ui/features/privacy/data-page';
import { useNavigate } from 'react-router';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  return <DataPage onNavigate={(path) => void navigate(path)} />;
}
