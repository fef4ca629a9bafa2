/** An update for setSearchParams that drops the parameter `name` and keeps the others. */
export function withoutParam(name: string): (prev: URLSearchParams) => URLSearchParams {
  return (prev) => {
    const next = new URLSearchParams(prev);
    next.delete(name);
    return next;
  };
}
