/** A cause's logo, or its initial on a tinted square when it has none. */
export function CauseLogo({ name, logo, className = 'size-16', alt = '' }: { name: string; logo: string | null; className?: string; alt?: string }) {
  if (logo) return <img src={logo} alt={alt} className={`${className} shrink-0 rounded-lg object-cover`} />;
  return (
    <span aria-hidden={alt ? undefined : true} role={alt ? 'img' : undefined} aria-label={alt || undefined} className={`${className} flex shrink-0 items-center justify-center rounded-lg bg-brand-100 text-xl font-semibold text-brand-800`}>
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
