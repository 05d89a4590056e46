import sprite from "~/assets/icons.svg";

export type IconName =
  | "back"
  | "chevron"
  | "check"
  | "home"
  | "community"
  | "benefit"
  | "shop"
  | "noti"
  | "mypage"
  | "visa"
  | "loan"
  | "exchange"
  | "remittance"
  | "language"
  | "heart"
  | "heart-filled"
  | "comment"
  | "pencil";

/** A decorative icon from the hashed, immutable sprite: light HTML, cached across pages. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
