import { useParams } from 'react-router';
import { LogStream } from '../components/LogStream';

/** The app's live log (docs/console-screens.md › Cloud code). */
export default function LogsPage() {
  const { appId = '' } = useParams();
  return <LogStream appId={appId} height={560} />;
}
