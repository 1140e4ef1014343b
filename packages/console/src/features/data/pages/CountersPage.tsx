export default function CountersPage() {
  return null;
}
