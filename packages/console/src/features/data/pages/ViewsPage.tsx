export default function ViewsPage() {
  return null;
}
