/** The <option>s of a native select for records with an id and a name (clients, lists). */
export function IdOptions({ items }: { items: ReadonlyArray<{ id: number; name: string }> }) {
  return (
    <>
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {item.name}
        </option>
      ))}
    </>
  );
}
