export default function CachePage() {
  return null;
}
