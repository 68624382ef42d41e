/**
 * A person's or team's picture, round; without one, the first letter of the
 * name on the brand colour. `picture` must already be a web address
 * (app/lib/catalog/profile.ts checks it). Decorative beside the name it
 * accompanies unless `alt` is given.
 */
export function Avatar({ name, picture, alt, size = "md" }: { name: string; picture?: string; alt?: string; size?: "sm" | "md" | "lg" }) {
  const box = { sm: "h-10 w-10 text-base", md: "h-16 w-16 text-2xl", lg: "h-24 w-24 text-4xl" }[size];
  if (picture) return <img src={picture} alt={alt ?? ""} className={`${box} shrink-0 rounded-full object-cover`} referrerPolicy="no-referrer" />;
  const initial = name
    .replace(/^\w+:(default\/)?/, "")
    .charAt(0)
    .toUpperCase();
  return (
    <span aria-hidden="true" className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white`}>
      {initial}
    </span>
  );
}
