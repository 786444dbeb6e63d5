import { CheckoutView } from '@/features/billing/components/checkout-view';

export default function CheckoutPage() {
  return <CheckoutView />;
}
