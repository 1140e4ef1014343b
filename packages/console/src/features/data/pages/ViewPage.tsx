export default function ViewPage() {
  return null;
}
