import { Dialog } from "radix-ui";

/**
 * The look shared by every modal dialog: a dimmed backdrop and a centred card that never
 * grows past the viewport. Behaviour (focus trap, Escape, labelling) stays with Radix and the
 * caller, who passes the Content props it needs.
 */
export function ModalFrame({ className = "", children, ...props }: Dialog.DialogContentProps) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60 backdrop-blur-sm" />
      <Dialog.Content
        {...props}
        className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6 ${className}`}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
