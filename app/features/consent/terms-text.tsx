/**
 * The short terms shown in the age gate (spec §4, §5). The full text lives on the legal page
 * (content/legal.md); both say the same things.
 */
export function TermsText() {
  return (
    <div className="space-y-3 text-sm leading-relaxed text-stone-800">
      <h3 className="font-semibold text-stone-950">1. Somente para maiores de 18 anos</h3>
      <p>
        Este site e todos os seus produtos e serviços são destinados exclusivamente a pessoas maiores de 18 anos. Ao continuar, você declara
        ter 18 anos ou mais. Declarar idade falsa é crime.
      </p>
      <h3 className="font-semibold text-stone-950">2. Finalidade dos produtos</h3>
      <p>
        Os produtos vendidos aqui destinam-se somente a pesquisa, estudo e coleção. Não fornecemos nenhuma orientação de uso além dessas
        finalidades, e cada comprador é responsável por cumprir a legislação aplicável.
      </p>
      <h3 className="font-semibold text-stone-950">3. Devoluções e arrependimento</h3>
      <p>
        Você pode desistir da compra pelo painel do cliente desde o pagamento até 7 dias após o recebimento. Antes do envio, o pedido é
        cancelado e reembolsado; depois da entrega, aceitamos a devolução de produtos lacrados e na embalagem original em até 7 dias. Nos
        dois casos devolvemos tudo o que foi pago, frete incluído.
      </p>
      <h3 className="font-semibold text-stone-950">4. Cookies e armazenamento local</h3>
      <p>
        Usamos cookies e o armazenamento do navegador para manter seu carrinho, sua sessão e suas escolhas (cookies necessários). Cookies de
        análise (medir o uso do site) e de marketing (mostrar ofertas relevantes) ficam desligados: aceitar estes termos não os ativa. Você
        escolhe se quer ativá-los, e muda essa escolha quando quiser, em &quot;Preferências de cookies&quot;, no rodapé.
      </p>
      <h3 className="font-semibold text-stone-950">5. Privacidade</h3>
      <p>
        Tratamos seus dados pessoais conforme a Lei Geral de Proteção de Dados (LGPD), apenas para processar pedidos, entregas e pagamentos,
        e para cumprir obrigações legais. Os detalhes estão na página Privacidade, termos e cookies.
      </p>
      <p className="font-medium text-stone-950">
        Ao clicar em &quot;Eu li e concordo com os termos&quot;, você confirma que tem 18 anos ou mais e que leu e aceita estes termos.
      </p>
    </div>
  );
}
