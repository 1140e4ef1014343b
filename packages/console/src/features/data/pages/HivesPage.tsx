export default function HivesPage() {
  return null;
}
