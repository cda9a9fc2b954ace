/** Plain text from the content service as paragraphs: blank lines split them; never HTML. */
export function Prose({ text, className }: { text: string | null | undefined; className?: string }) {
  const paragraphs = (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <div className={className ? `prose ${className}` : 'prose'}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
