import { Link } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";

type StepActionsProps = {
  /** Back to the previous step, or (null) to the cart when there is none before. */
  onBack: (() => void) | null;
  continueLabel: string;
  onContinue: () => void;
};

/** A step's way on and way back; on a phone the way on comes first, under the thumb. */
export function StepActions({ onBack, continueLabel, onContinue }: StepActionsProps) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      {onBack ? (
        <button type="button" onClick={onBack} className={buttonClass("secondary")}>
          Voltar
        </button>
      ) : (
        <Link to="/cart" className={buttonClass("secondary")}>
          Voltar ao carrinho
        </Link>
      )}
      <button type="button" onClick={onContinue} className={buttonClass("primary")}>
        {continueLabel}
      </button>
    </div>
  );
}
