import { TermsPage } from '@/features/legal/components/terms-page';

export default function TermsOfUseAndPrivacyPolicyPage() {
  return <TermsPage />;
}
