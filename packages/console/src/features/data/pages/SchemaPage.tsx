export default function SchemaPage() {
  return null;
}
