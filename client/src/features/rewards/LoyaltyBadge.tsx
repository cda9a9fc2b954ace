/** A club level's badge in its colour (spec §3 Levels: each with a colour). White text on each tier colour (contrast ≥ 4.5:1). */
export function LoyaltyBadge({ name, colour }: { name: string; colour: string }) {
  return (
    <span className="loyalty-badge" style={{ backgroundColor: colour }}>
      {name}
    </span>
  );
}
