/** What the instance area (licence, cluster, status) offers the rest of the console. */
export { InstancePanel } from './components/InstancePanel';
