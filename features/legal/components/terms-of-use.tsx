import { APP_NAME } from '@/lib/constants';
import { LegalList, LegalSection } from './legal-document';

/** Terms of Use: the contract for using the service. */
export function TermsOfUse() {
  return (
    <article aria-labelledby="terms-title">
      <h2 id="terms-title" className="text-2xl font-bold text-slate-900">
        Terms of Use
      </h2>
      <LegalSection id="terms-agreement" title="1. Agreement">
        <p>
          These Terms of Use govern your access to and use of {APP_NAME}, a service for tracking how
          customers use your product, building in-app product tours, and managing your subscription
          (the “Service”). By creating an account or using the Service you accept these terms on
          behalf of yourself and, where you sign up for an organisation, on behalf of that
          organisation (“you”, the “Customer”). If you do not agree, do not use the Service.
        </p>
      </LegalSection>
      <LegalSection id="terms-accounts" title="2. Accounts">
        <LegalList>
          <li>You must give a valid e-mail address and verify it before you can sign in.</li>
          <li>
            You are responsible for keeping your password secret and for everything done with your
            account.
          </li>
          <li>Tell us at once if you suspect that someone else has accessed your account.</li>
          <li>You must be at least 16 years old and able to enter into a binding contract.</li>
        </LegalList>
      </LegalSection>
      <LegalSection id="terms-plans" title="3. Plans, billing and cancellation">
        <p>
          The Service is offered under a free plan and paid plans that limit the number of tracked
          products and monthly active users (MAUs). Paid plans and MAU add-ons are billed monthly in
          advance by card through our payment provider. When you upgrade during a billing period the
          price is prorated. You may cancel at any time; the plan then stays active until the end of
          the period already paid, and fees are not refunded except where the law requires it. If a
          payment fails we may restrict paid features until it succeeds.
        </p>
      </LegalSection>
      <LegalSection id="terms-acceptable-use" title="4. Acceptable use">
        <p>You agree not to:</p>
        <LegalList>
          <li>
            install our tracking snippet on websites or apps you do not own or are not authorised to
            operate;
          </li>
          <li>
            collect special categories of personal data (such as health, religion or sexual
            orientation), payment card numbers or passwords through the Service;
          </li>
          <li>
            use product tours to deceive people, distribute malware, or show unlawful content;
          </li>
          <li>
            probe, scan or overload the Service, or bypass its limits, authentication or security;
          </li>
          <li>resell the Service or use it to build a competing product;</li>
          <li>
            break any law, including data protection, consumer protection and e-privacy rules.
          </li>
        </LegalList>
        <p>
          We may suspend an account that breaks these rules, after notice where that is reasonable.
        </p>
      </LegalSection>
      <LegalSection id="terms-customer-data" title="5. Your data">
        <p>
          You keep all rights to the data you send to the Service, including events and customer
          profiles collected with our SDK (“Customer Data”). You give us the rights needed to host,
          process and display Customer Data solely to provide the Service to you. You are
          responsible for having a lawful basis and, where required, the consent of your end users
          for the data you collect, and for telling them about it in your own privacy notice.
        </p>
      </LegalSection>
      <LegalSection id="terms-availability" title="6. Availability and changes">
        <p>
          We work to keep the Service available and secure but do not promise uninterrupted
          operation. We may change or discontinue features; we will give reasonable notice of
          changes that materially reduce a paid plan. We may update these terms and will notify you
          by e-mail or in the dashboard at least 30 days before material changes take effect.
        </p>
      </LegalSection>
      <LegalSection id="terms-liability" title="7. Warranties and liability">
        <p>
          The Service is provided “as is”. To the extent the law allows, we disclaim implied
          warranties, and our total liability for any claim is limited to the fees you paid in the
          twelve months before the claim. Neither party is liable for indirect or consequential
          losses. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </LegalSection>
      <LegalSection id="terms-termination" title="8. Termination">
        <p>
          You may close your account at any time. We may terminate the agreement for a material
          breach that is not remedied within 30 days of notice. After termination you can ask for an
          export of Customer Data for 30 days, after which it is deleted as described in the Privacy
          Policy.
        </p>
      </LegalSection>
    </article>
  );
}
