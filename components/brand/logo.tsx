import clsx from "clsx";

/** The Meridian mark: a globe with one highlighted meridian line. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={clsx("size-6", className)}
      role="img"
      aria-label="Meridian logo"
    >
      <circle
        cx="16"
        cy="16"
        r="13"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        opacity="0.45"
      />
      <ellipse
        cx="16"
        cy="16"
        rx="13"
        ry="5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        opacity="0.3"
      />
      <ellipse
        cx="16"
        cy="16"
        rx="5.5"
        ry="13"
        fill="none"
        stroke="var(--accent)"
        strokeWidth="2.5"
      />
      <circle cx="16" cy="3" r="2" fill="var(--accent)" />
      <circle cx="16" cy="29" r="2" fill="var(--accent)" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={clsx("text-fg inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className="text-[15px] font-semibold tracking-tight">Meridian</span>
    </span>
  );
}
