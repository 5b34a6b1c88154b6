import { Bell, Gift, MapPin, Package, ShieldCheck, UserRound } from "lucide-react";
import { Tabs } from "radix-ui";
import { useLocation, useNavigate, useParams } from "react-router";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import type { AuthUser } from "#domain/auth/auth-types.ts";
import { NotificationList, useNotificationCenter } from "#app/features/notifications/notification-center.tsx";
import { CustomerOrders } from "#app/features/orders/customer-orders.tsx";
import type { OrderSummary, OrderWithQr } from "#domain/orders/order-types.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import { AddressesTab } from "#app/features/account/addresses-tab.tsx";
import type { Address } from "#domain/shipping/address-schema.ts";
import { panelTab, panelTabHref, type PanelTab } from "#app/features/account/panel-tabs.ts";
import { PrivacyTab } from "#app/features/account/privacy-tab.tsx";
import { ProfileTab } from "#app/features/account/profile-tab.tsx";
import { ReferralTab, type Referral } from "#app/features/referrals/referral-tab.tsx";

const PANEL_TABS: { value: PanelTab; label: string; icon: typeof Package }[] = [
  { value: "pedidos", label: "Pedidos", icon: Package },
  { value: "notificacoes", label: "Notificações", icon: Bell },
  { value: "indicacoes", label: "Indicações", icon: Gift },
  { value: "enderecos", label: "Endereços", icon: MapPin },
  { value: "perfil", label: "Perfil", icon: UserRound },
  { value: "privacidade", label: "Privacidade", icon: ShieldCheck },
];

export type CustomerPanelProps = {
  user: AuthUser;
  addresses: Address[];
  referral: Referral;
  /** ?order=ID: the order to open. */
  order: string | null;
  orders: { orders: OrderSummary[]; order: OrderWithQr | null };
};

const triggerClass = `inline-flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100 data-[state=active]:bg-emerald-800 data-[state=active]:text-white ${focusRing}`;

/** /cliente: the customer's own space, one tab per subject; the tab lives in the path (/cliente/<tab>) so links and Back work. */
/** The same list as the bell's (one cache), so marking read here updates the badge at once. */
function NotificationsTab({ userId }: { userId: string }) {
  const { isAdmin } = useAuth();
  const center = useNotificationCenter(userId, isAdmin);
  return <NotificationList items={center.items} onRead={center.markRead} onReadAll={center.markAllRead} />;
}

export function CustomerPanel({ user, addresses, referral, order, orders }: CustomerPanelProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // From the address, not the loader: switching tabs does not reload the data.
  const tab = panelTab(useParams().aba);
  function select(value: string) {
    const params = new URLSearchParams(location.search);
    if (value !== "pedidos") params.delete("order");
    void navigate(panelTabHref(panelTab(value), params), { replace: true, preventScrollReset: true });
  }
  const firstName = user.name.trim().split(/\s+/)[0] || user.email.split("@")[0];
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-950">Minha conta</h1>
      <p className="mt-2 text-stone-700">Olá, {firstName}! Aqui ficam seus pedidos, endereços, indicações e dados.</p>
      <Tabs.Root value={tab} onValueChange={select} className="mt-8">
        {/* Wrapping, not scrolling: on a phone every tab stays in sight (a scrolled row hid the last ones). */}
        <Tabs.List aria-label="Seções da conta" className="flex flex-wrap gap-1 border-b border-stone-200 pb-2">
          {PANEL_TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger key={value} value={value} className={triggerClass}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="pt-6">
          <Tabs.Content value="pedidos">
            <CustomerOrders orders={orders.orders} order={orders.order} requested={order && !orders.order ? order : null} />
          </Tabs.Content>
          <Tabs.Content value="notificacoes">
            <NotificationsTab userId={user.id} />
          </Tabs.Content>
          <Tabs.Content value="indicacoes">
            <ReferralTab referral={referral} />
          </Tabs.Content>
          <Tabs.Content value="enderecos">
            <AddressesTab addresses={addresses} />
          </Tabs.Content>
          <Tabs.Content value="perfil">
            <ProfileTab user={user} />
          </Tabs.Content>
          <Tabs.Content value="privacidade">
            <PrivacyTab />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </section>
  );
}
