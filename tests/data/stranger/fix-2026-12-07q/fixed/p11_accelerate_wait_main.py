import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader, TensorDataset


def main():
    accelerator = Accelerator()
    model = torch.nn.Linear(128, 2)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    ds = TensorDataset(torch.randn(10000, 128), torch.randint(0, 2, (10000,)))
    dl = DataLoader(ds, batch_size=32, shuffle=True)
    model, opt, dl = accelerator.prepare(model, opt, dl)

    for epoch in range(3):
        model.train()
        for x, y in dl:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            accelerator.backward(loss)
            opt.step()
            opt.zero_grad()

        accelerator.wait_for_everyone()
        if accelerator.is_main_process:
            accelerator.print(f"epoch {epoch} done, saving")
            unwrapped = accelerator.unwrap_model(model)
            accelerator.save(unwrapped.state_dict(), f"ckpt/epoch{epoch}.pt")


if __name__ == "__main__":
    main()
