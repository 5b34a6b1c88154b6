import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Popover } from "#app/ui/popover.tsx";
import { PopoverOnDemand } from "#app/ui/popover-on-demand.tsx";

const trigger = {
  trigger: <span>Atendimento</span>,
  triggerClassName: "botao",
  triggerLabel: "Falar com o atendimento",
  triggerDescribedBy: "dica",
};

describe("PopoverOnDemand", () => {
  it("renders, before its code has loaded, exactly what a closed Popover renders: the button and its aria attributes", () => {
    const standIn = renderToString(<PopoverOnDemand {...trigger} load={() => new Promise<never>(() => {})} panelProps={{}} />);
    const closed = renderToString(
      <MemoryRouter>
        <Popover {...trigger} className="painel">
          <p>Painel</p>
        </Popover>
      </MemoryRouter>,
    );
    expect(standIn).toBe(closed);
    expect(standIn).toContain('aria-haspopup="dialog"');
    expect(standIn).toContain('aria-expanded="false"');
    expect(standIn).not.toContain("aria-controls");
  });
});
